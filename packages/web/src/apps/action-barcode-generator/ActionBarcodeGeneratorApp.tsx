import { actionBarcodeLimits, actionCommandKinds, type ActionCommandKind } from '@wms/contract';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { BarcodePreview } from './BarcodePreview.js';
import { defaultCaption } from './captions.js';
import { CommandFields } from './CommandFields.js';
import { evaluate, initialDraft, type CommandDraft, type Evaluation } from './command-draft.js';
import type { SheetEntry, SheetSize } from './sheet.js';
import { SheetTable } from './SheetTable.js';
import { useSheetOutput } from './useSheetOutput.js';

/** The field a problem belongs to (null: the barcode as a whole), and its text. */
function problemOf(evaluation: Evaluation, kind: ActionCommandKind, t: TFunction) {
  if (evaluation.ok) return null;
  const { problem } = evaluation;
  if (problem.kind === 'field') return { field: problem.field, text: t(`actionBarcodes:invalid.${problem.field}`) };
  const text = t(`errors:${problem.key}`, problem.args);
  if (problem.key === 'unknownAppPath') return { field: 'path', text };
  if (problem.key === 'invalidJson') return { field: kind === 'callUserApi' ? 'payload' : 'settings', text };
  return { field: null, text };
}

/**
 * /action_barcode_generator: barcodes of the scanner bar's commands. A form per command with a
 * live preview of the barcode; barcodes are collected on a sheet with a caption each and printed
 * on a label printer or as an A4 PDF.
 */
export function ActionBarcodeGeneratorApp() {
  const { t } = useTranslation('actionBarcodes');
  const [draft, setDraft] = useState<CommandDraft>(initialDraft);
  const [caption, setCaption] = useState('');
  const [entries, setEntries] = useState<SheetEntry[]>([]);
  const [size, setSize] = useState<SheetSize>('normal');
  const nextId = useRef(1);
  const output = useSheetOutput(entries, size);

  const evaluation = useMemo(() => evaluate(draft), [draft]);
  const problem = problemOf(evaluation, draft.kind, t);
  const errorOf = (field: string) => (problem?.field === field ? problem.text : null);
  const suggested = evaluation.ok ? defaultCaption(evaluation.command, t) : '';
  const full = entries.length >= actionBarcodeLimits.maxBarcodesPerSheet;

  const add = () => {
    if (!evaluation.ok || full) return;
    const { command, content, symbology } = evaluation;
    const entry = { id: nextId.current++, command, content, symbology, caption: caption.trim() || suggested };
    setEntries((current) => [...current, entry]);
    setCaption('');
  };

  return (
    <Container fluid="lg" className="py-3" data-testid="action-barcode-generator">
      <h1 className="visually-hidden">{t('apps:actionBarcodeGenerator')}</h1>
      <Row className="g-3">
        <Col lg={6}>
          <Card>
            <Card.Body>
              <Form.Group className="mb-3" controlId="action-barcode-kind">
                <Form.Label>{t('field.kind')}</Form.Label>
                <Form.Select
                  value={draft.kind}
                  onChange={(event) => setDraft({ ...draft, kind: event.target.value as ActionCommandKind })}
                  data-testid="action-barcode-kind"
                >
                  {actionCommandKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`kind.${kind}`)}
                    </option>
                  ))}
                </Form.Select>
                <Form.Text>{t(`kindHint.${draft.kind}`)}</Form.Text>
              </Form.Group>
              <CommandFields
                draft={draft}
                onChange={(changes) => setDraft({ ...draft, ...changes })}
                errorOf={errorOf}
              />
              <Form.Group controlId="action-barcode-caption">
                <Form.Label>{t('field.caption')}</Form.Label>
                <Form.Control
                  value={caption}
                  maxLength={actionBarcodeLimits.maxCaptionLength}
                  onChange={(event) => setCaption(event.target.value)}
                  placeholder={suggested}
                  data-testid="action-barcode-caption"
                />
              </Form.Group>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card>
            <Card.Body className="d-flex flex-column gap-3">
              <p className="fw-semibold mb-0">{caption.trim() || suggested || t('preview.title')}</p>
              {evaluation.ok ? (
                <BarcodePreview content={evaluation.content} symbology={evaluation.symbology} label={suggested} />
              ) : (
                <Alert variant="warning" className="mb-0" data-testid="action-barcode-problem">
                  {problem?.text}
                </Alert>
              )}
              <div className="d-flex align-items-center gap-2">
                <Button onClick={add} disabled={!evaluation.ok || full} data-testid="action-barcode-add">
                  <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                  {t('preview.add')}
                </Button>
                {evaluation.ok ? (
                  <small className="text-body-secondary">
                    {t(`symbology.${evaluation.symbology}`)} ·{' '}
                    {t('preview.length', { length: evaluation.content.length })}
                  </small>
                ) : null}
              </div>
            </Card.Body>
          </Card>
        </Col>
        <Col xs={12}>
          <Card>
            <Card.Header className="d-flex flex-wrap align-items-center gap-2">
              <span className="fw-semibold me-auto">
                {t('sheet.title', { count: entries.length, max: actionBarcodeLimits.maxBarcodesPerSheet })}
              </span>
              <Form.Select
                size="sm"
                value={size}
                onChange={(event) => setSize(event.target.value === 'large' ? 'large' : 'normal')}
                aria-label={t('sheet.size')}
                style={{ width: 'auto' }}
              >
                <option value="normal">{t('sheet.sizeNormal')}</option>
                <option value="large">{t('sheet.sizeLarge')}</option>
              </Form.Select>
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => void output.showPdf()}
                disabled={entries.length === 0 || output.busy}
                data-testid="action-barcode-pdf"
              >
                <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
                {t('sheet.pdf')}
              </Button>
              <Button
                size="sm"
                onClick={() => void output.print()}
                disabled={entries.length === 0 || output.busy}
                data-testid="action-barcode-print"
              >
                <i className="bi bi-printer me-1" aria-hidden="true" />
                {t('sheet.print')}
              </Button>
            </Card.Header>
            <Card.Body>
              <SheetTable
                entries={entries}
                onRemove={(id) => setEntries((current) => current.filter((entry) => entry.id !== id))}
              />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      {output.dialogs}
    </Container>
  );
}
