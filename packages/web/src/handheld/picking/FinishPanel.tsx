import { shortReasons, type PickList, type ShortReason } from '@wms/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { keepScannerFocus } from '../HandheldScreen.js';

/** Lines short without a reason (shortReasonRequired names them; the list as loaded may know more). */
export function linesNeedingReason(pickList: PickList, named: readonly number[] = []): number[] {
  const numbers = new Set(named);
  for (const line of pickList.lines) {
    if (line.shortQuantity > 0 && line.shortReason === null) numbers.add(line.lineNumber);
  }
  return [...numbers].sort((a, b) => a - b);
}

export interface FinishPanelProps {
  pickList: PickList;
  /** Lines that need a reason (after shortReasonRequired); empty: none asked yet. */
  reasonLines: number[];
  reasons: Record<number, ShortReason>;
  onReason: (lineNumber: number, reason: ShortReason) => void;
  busy: boolean;
  onFinish: () => void;
  onCancel: () => void;
}

/**
 * The finish (flush) of the list, inline under the questions (a dialog would cover the prompt and
 * the scanner bar at 360x640): what stays open is closed short, each such line with a reason.
 */
export function FinishPanel(props: FinishPanelProps) {
  const { pickList, reasonLines, reasons, onReason, busy, onFinish, onCancel } = props;
  const { t } = useTranslation('stockPicking');
  const open = pickList.lines.filter((line) => line.openQuantity > 0).length;
  return (
    <section className="border rounded p-2 d-flex flex-column gap-2" data-testid="pick-finish">
      <p className="mb-0">{t('finish.question', { code: pickList.code })}</p>
      {open > 0 ? <p className="mb-0 small text-warning-emphasis">{t('finish.openLines', { count: open })}</p> : null}
      {reasonLines.map((lineNumber) => {
        const line = pickList.lines.find((candidate) => candidate.lineNumber === lineNumber);
        return (
          <Form.Group key={lineNumber} controlId={`short-reason-${lineNumber}`}>
            <Form.Label className="small mb-0">
              {t('finish.reasonFor', { line: lineNumber, item: line?.item ?? '' })}
            </Form.Label>
            <Form.Select
              value={reasons[lineNumber] ?? ''}
              onChange={(event) => onReason(lineNumber, event.target.value as ShortReason)}
              data-testid={`finish-reason-${lineNumber}`}
            >
              <option value="" disabled>
                {t('finish.chooseReason')}
              </option>
              {shortReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`reason.${reason}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        );
      })}
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="primary"
          size="lg"
          disabled={busy || reasonLines.some((lineNumber) => !reasons[lineNumber])}
          onClick={onFinish}
          onMouseDown={keepScannerFocus}
          data-testid="finish-confirm"
        >
          {t('finish.confirm')}
        </Button>
        <Button
          variant="outline-secondary"
          size="lg"
          disabled={busy}
          onClick={onCancel}
          onMouseDown={keepScannerFocus}
          data-testid="finish-cancel"
        >
          {t('finish.cancel')}
        </Button>
      </div>
    </section>
  );
}
