import { useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey, type RecountReview } from '@wms/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { showFailure } from '../../handheld/show-failure.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import { recountReviewsQuery, reviewRecount } from './recounting-api.js';
import { ManualRecountForm } from './ManualRecountForm.js';

const lineKey = (l: { location: string; item: string; batch: string | null; serial: string | null }) =>
  `${l.location}|${l.item}|${l.batch ?? ''}|${l.serial ?? ''}`;

/** One request in review: first count, recount and onHand per line, the manager's value and comment. */
function ReviewCard({ review }: { review: RecountReview }) {
  const { t } = useTranslation('recounting');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(review.lines.map((l) => [lineKey(l), String(l.recount)])),
  );
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const done = await reviewRecount(review.code, {
        idempotencyKey: key,
        comment,
        lines: review.lines.map((l) => ({
          location: l.location,
          item: l.item,
          batch: l.batch,
          serial: l.serial,
          quantity: Number(values[lineKey(l)] ?? l.recount),
        })),
      });
      notify('success', 'recounting:reviewed', { document: done.document, count: done.adjustedLines });
      await queryClient.invalidateQueries({ queryKey: areaKey('recounting') });
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mb-3" data-testid={`rc-review-${review.code}`}>
      <Card.Header>
        <span className="fw-bold">{review.code}</span> · {t(`source.${review.source}`)}
        {review.firstCounter ? ` · ${t('firstCounter', { username: review.firstCounter })}` : ''}
        {review.recounter ? ` · ${t('recounter', { username: review.recounter })}` : ''}
        {review.comment ? <div className="small text-body-secondary">{review.comment}</div> : null}
      </Card.Header>
      <Card.Body>
        <Form onSubmit={(event) => void handleSubmit(event)}>
          <Table size="sm" responsive>
            <thead>
              <tr>
                <th>{t('column.location')}</th>
                <th>{t('column.item')}</th>
                <th className="text-end">{t('column.firstCount')}</th>
                <th className="text-end">{t('column.recount')}</th>
                <th className="text-end">{t('column.onHand')}</th>
                <th>{t('column.value')}</th>
              </tr>
            </thead>
            <tbody>
              {review.lines.map((line) => (
                <tr key={lineKey(line)} data-testid="rc-review-line">
                  <td>{line.location}</td>
                  <td>
                    {line.item}
                    {line.batch || line.serial ? (
                      <span className="ms-1 text-body-secondary">{line.batch ?? line.serial}</span>
                    ) : null}
                  </td>
                  <td className="text-end">{line.firstCount ?? '—'}</td>
                  <td className="text-end">{line.recount}</td>
                  <td className="text-end">{line.onHand ?? '—'}</td>
                  <td style={{ maxWidth: '8rem' }}>
                    <Form.Control
                      size="sm"
                      type="number"
                      min={0}
                      step="any"
                      required
                      aria-label={t('column.value')}
                      data-testid={`rc-value-${line.item}`}
                      value={values[lineKey(line)] ?? ''}
                      onChange={(event) => setValues({ ...values, [lineKey(line)]: event.target.value })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Form.Group className="mb-2">
            <Form.Label>{t('comment')}</Form.Label>
            <Form.Control
              required
              data-testid="rc-review-comment"
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </Form.Group>
          <Button type="submit" disabled={busy} data-testid="rc-review-post">
            {t('post')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

/**
 * /recounting/request (desktop; authorisation recountingAuthReview; decision 0191): the requests
 * in review, not blind (first count, recount, onHand), where the manager posts a value per line
 * with a comment; and the manual request form (location, items, comment).
 */
export function RecountReviewPage() {
  const { t } = useTranslation('recounting');
  const manager = useSession().hasRole('recountingAuthReview');
  const reviews = useQuery({ ...recountReviewsQuery(), enabled: manager });
  if (!manager) {
    return (
      <Container className="py-3">
        <p data-testid="rc-not-manager">{t('managersOnly')}</p>
      </Container>
    );
  }
  const requests = reviews.data?.requests ?? [];
  return (
    <Container className="py-3" data-testid="rc-review-page">
      <h2 className="h5">{t('reviewTitle')}</h2>
      {reviews.isPending ? null : requests.length === 0 ? (
        <p className="text-body-secondary" data-testid="rc-no-reviews">
          {t('noReviews')}
        </p>
      ) : (
        requests.map((review) => <ReviewCard key={`${review.code}-${review.version}`} review={review} />)
      )}
      <h2 className="h5 mt-4">{t('manualTitle')}</h2>
      <ManualRecountForm />
    </Container>
  );
}
