import { WorkConfirmationScreen } from './WorkConfirmationScreen.js';

/** /production/work_confirmation (role production): the user's own work time entries. */
export function WorkConfirmationApp() {
  return <WorkConfirmationScreen scope="own" />;
}
