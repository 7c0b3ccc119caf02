import { useQuery } from '@tanstack/react-query';
import type { Item } from '@wms/contract';
import { lazy, Suspense, useMemo } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { forecastStock, localToday, stockLevels } from './forecast-stock.js';
import { formatDate } from '../../components/object-dialogs/format.js';
import { formatNumber } from './format-number.js';
import { itemQueries } from './queries.js';

/** uPlot is loaded only when a forecast is drawn, so the app's first paint stays small. */
const StockForecastChart = lazy(() =>
  import('./StockForecastChart.js').then((module) => ({ default: module.StockForecastChart })),
);

/**
 * The stock-level forecast: on-hand now, the open documents on their ship
 * dates, and the summed minimum and maximum stock of the default locations.
 */
export function StockForecast({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('itemInfo');
  const stock = useQuery(itemQueries.stock(item.code));
  const documents = useQuery(itemQueries.openDocuments(item.code));
  const defaults = useQuery(itemQueries.defaultLocations(item.code, 'all'));

  // Blind counting (batching mode, not admin): the server leaves the quantities out.
  const blind = stock.data?.some((row) => row.onHandQty === null) ?? false;
  const forecast = useMemo(() => {
    if (!stock.data || !documents.data || !defaults.data) return null;
    return {
      points: forecastStock({
        onHand: stock.data.map((row) => row.onHandQty ?? 0),
        documents: documents.data,
        today: localToday(),
      }),
      ...stockLevels(defaults.data),
    };
  }, [stock.data, documents.data, defaults.data]);

  if (blind || stock.isError || documents.isError || defaults.isError)
    return <p className="text-body-secondary">{t('forecast.unavailable')}</p>;
  if (!forecast) return <Spinner size="sm" role="status" aria-label={t('common:loading')} />;

  const quantities = forecast.points.map((point) => point.quantity);
  const lowest = Math.min(...quantities);
  const lowestPoint = forecast.points.find((point) => point.quantity === lowest)!;
  const number = (value: number | null) => formatNumber(value, i18n.language);
  return (
    <div data-testid="stock-forecast">
      <p className="small mb-2" data-testid="stock-forecast-summary">
        {t('forecast.summary', {
          now: number(forecast.points[0]!.quantity),
          lowest: number(lowest),
          date: formatDate(lowestPoint.date),
          units: item.units ?? '',
        })}
      </p>
      <Suspense fallback={<Spinner size="sm" role="status" aria-label={t('common:loading')} />}>
        <StockForecastChart
          points={forecast.points}
          minStock={forecast.minStock}
          maxStock={forecast.maxStock}
          labels={{ stock: t('forecast.stock'), minStock: t('forecast.minStock'), maxStock: t('forecast.maxStock') }}
          language={i18n.language}
        />
      </Suspense>
    </div>
  );
}
