import { useParams } from 'react-router';
import { ReceiptList } from './ReceiptList.js';
import { ReceiptScreen } from './ReceiptScreen.js';

/** /goods_receipt (the expected documents, scan to open one) and /goods_receipt/:id (the receipt). */
export function GoodsReceiptApp() {
  const { id } = useParams();
  return id ? <ReceiptScreen key={id} code={id} /> : <ReceiptList />;
}
