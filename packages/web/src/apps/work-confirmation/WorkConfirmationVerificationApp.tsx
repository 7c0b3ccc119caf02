import { WorkConfirmationScreen } from './WorkConfirmationScreen.js';

/** /production/work_confirmation_verification (role productionManager): every user's entries. */
export function WorkConfirmationVerificationApp() {
  return <WorkConfirmationScreen scope="all" />;
}
