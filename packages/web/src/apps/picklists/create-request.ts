import type { PickListCreateRequest } from '@wms/contract';

/** The create dialog's form. */
export interface CreateForm {
  warehouse: string;
  /** Every open line matching the filters, or the lines checked in the planning area. */
  mode: 'filters' | 'lines';
  customer: string;
  route: string;
  shipDateTo: string;
  groupBy: 'ORDER' | 'CUSTOMER_SHIP_TO';
  priority: string;
}

export const emptyCreateForm: CreateForm = {
  warehouse: '',
  mode: 'filters',
  customer: '',
  route: '',
  shipDateTo: '',
  groupBy: 'ORDER',
  priority: '',
};

/** The most lines one create run takes (the contract's limit). */
export const maxCreateLines = 2000;

/** The selection keys `order#line` as request lines. */
export function selectedLines(keys: Iterable<string>): { salesOrder: string; lineNumber: number }[] {
  return [...keys].map((key) => {
    const at = key.lastIndexOf('#');
    return { salesOrder: key.slice(0, at), lineNumber: Number(key.slice(at + 1)) };
  });
}

/** The POST create body of the form (empty fields left out). */
export function createRequestOf(form: CreateForm, selected: Iterable<string>): PickListCreateRequest {
  const body: PickListCreateRequest = { warehouse: form.warehouse.trim(), groupBy: form.groupBy };
  const priority = form.priority.trim();
  if (/^\d+$/.test(priority)) body.priority = Number(priority);
  if (form.mode === 'lines') {
    body.lines = selectedLines(selected).slice(0, maxCreateLines);
    return body;
  }
  if (form.customer.trim()) body.customer = form.customer.trim();
  if (form.route.trim()) body.route = form.route.trim();
  if (form.shipDateTo) body.shipDateTo = form.shipDateTo;
  return body;
}

/** The planning area's filters of the form (empty fields left out). */
export function planningFiltersOf(form: CreateForm): {
  warehouse?: string;
  customer?: string;
  route?: string;
  shipDateTo?: string;
} {
  return {
    ...(form.warehouse.trim() ? { warehouse: form.warehouse.trim() } : {}),
    ...(form.customer.trim() ? { customer: form.customer.trim() } : {}),
    ...(form.route.trim() ? { route: form.route.trim() } : {}),
    ...(form.shipDateTo ? { shipDateTo: form.shipDateTo } : {}),
  };
}
