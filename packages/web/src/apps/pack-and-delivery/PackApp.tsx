import { PackAndDeliveryScreen } from './PackAndDeliveryScreen.js';

/** The pack variant of pack and delivery (PROCESSES.md 3.7); the sub-path /process shows the same screen. */
export function PackApp() {
  return <PackAndDeliveryScreen mode="pack" />;
}
