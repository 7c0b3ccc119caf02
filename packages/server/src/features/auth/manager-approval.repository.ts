import type { DbOrTx } from '../../db/database.js';

export interface ManagerApprovalRecord {
  action: string;
  documentType: string;
  documentCode: string;
  approver: { userId: number; username: string };
  requestedBy: { userId: number | null; username: string };
  details: Record<string, unknown> | null;
  at: string;
}

/** Writes one approval row (in the approved action's transaction). */
export async function insertManagerApproval(db: DbOrTx, record: ManagerApprovalRecord): Promise<void> {
  await db
    .insertInto('manager_approval')
    .values({
      action: record.action,
      document_type: record.documentType,
      document_code: record.documentCode,
      approver_user_id: record.approver.userId,
      approver_username: record.approver.username,
      requested_by_user_id: record.requestedBy.userId,
      requested_by_username: record.requestedBy.username,
      details: record.details === null ? null : JSON.stringify(record.details),
      at: record.at,
    })
    .execute();
}
