import { useParams } from 'react-router';
import { ReturnList } from './ReturnList.js';
import { ReturnScreen } from './ReturnScreen.js';

/** /goods_returns (the open returns, scan to open or create one) and /goods_returns/:id (the return). */
export function GoodsReturnsApp() {
  const { id } = useParams();
  return id ? <ReturnScreen key={id} code={id} /> : <ReturnList />;
}
