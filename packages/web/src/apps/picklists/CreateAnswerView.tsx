import type { PickListCreateAnswer } from '@wms/contract';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';

/** What a create run made: the lists, and the lines left on the order for lack of free stock. */
export function CreateAnswerView({ answer }: { answer: PickListCreateAnswer }) {
  const { t } = useTranslation('picklists');
  return (
    <div data-testid="picklist-create-answer">
      <Alert variant={answer.created.length > 0 ? 'success' : 'warning'} data-testid="picklist-created">
        {answer.created.length > 0
          ? t('create.created', { codes: answer.created.join(', ') })
          : t('create.noneCreated')}
      </Alert>
      {answer.backorders.length > 0 ? (
        <>
          <h2 className="h6">{t('create.backorders')}</h2>
          <Table size="sm" className="mb-0" data-testid="picklist-backorders">
            <thead>
              <tr>
                <th>{t('create.order')}</th>
                <th>{t('lines.item')}</th>
                <th className="text-end">{t('lines.quantity')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.backorders.map((line) => (
                <tr key={`${line.salesOrder}#${line.lineNumber}`}>
                  <td>{`${line.salesOrder} / ${line.lineNumber}`}</td>
                  <td>{line.item}</td>
                  <td className="text-end">{formatQuantity(line.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      ) : null}
    </div>
  );
}
