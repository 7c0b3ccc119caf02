import { PackAndDeliveryScreen } from './PackAndDeliveryScreen.js';

/** The delivery variant of pack and delivery (PROCESSES.md 3.7). */
export function DeliveryApp() {
  return <PackAndDeliveryScreen mode="delivery" />;
}
