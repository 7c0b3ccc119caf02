import { PackAndDeliveryScreen } from './PackAndDeliveryScreen.js';

/** The combined variant of pack and delivery (PROCESSES.md 3.7); the sub-path /process shows the same screen. */
export function PackAndDeliveryApp() {
  return <PackAndDeliveryScreen mode="combined" />;
}
