/**
 * PostgreSQL advisory locks that serialize the transactions assigning barcodes (the item barcode
 * service and the master-data importers take the same ones). Barcodes are locked by bucket:
 * hashtext('item-barcode:' || key) & (barcodeLockBuckets - 1), under the two-key space "BC". An
 * import that assigns 20,000 barcodes in one transaction so takes at most 1,024 locks, within
 * PostgreSQL's lock table (max_locks_per_transaction x connections: 6,400 by default; one lock per
 * barcode ran it out of shared memory); two barcodes in one bucket merely wait for each other.
 */
export const barcodeLockSpace = 0x4243;
export const barcodeLockBuckets = 1024;
