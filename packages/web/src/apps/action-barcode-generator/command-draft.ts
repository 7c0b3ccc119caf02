import {
  actionBarcodeOf,
  actionCommandSchema,
  type ActionBarcodeRefusal,
  type ActionCommand,
  type ActionCommandInput,
  type ActionCommandKind,
  type BarcodeSymbology,
} from '@wms/contract';

/**
 * The generator's form as plain state: every field of every command kind, so switching the kind
 * keeps what was typed. `commandOf` picks the kind's fields; `evaluate` checks them with the
 * contract's schema and builds the content with actionBarcodeOf, the function the server runs
 * on the same command before it prints.
 */
export interface UserApiParamDraft {
  label: string;
  defaultValue: string;
}

export interface CommandDraft {
  kind: ActionCommandKind;
  path: string;
  deviceName: string;
  settings: string;
  url: string;
  method: 'GET' | 'POST';
  payload: string;
  confirm: boolean;
  confirmQuestion: string;
  params: UserApiParamDraft[];
  sign: 'PLUS' | 'MIN';
  amount: string;
}

export const initialDraft: CommandDraft = {
  kind: 'redirect',
  path: '/item/item_info',
  deviceName: '',
  settings: '{\n  "useVirtualKeyboard": true\n}',
  url: '/',
  method: 'GET',
  payload: '',
  confirm: true,
  confirmQuestion: '',
  params: [],
  sign: 'PLUS',
  amount: '1',
};

export function commandOf(draft: CommandDraft): ActionCommandInput {
  switch (draft.kind) {
    case 'redirect':
      return { kind: 'redirect', path: draft.path };
    case 'logout':
      return { kind: 'logout' };
    case 'openWorkTimes':
      return { kind: 'openWorkTimes' };
    case 'deviceIdentification':
      return { kind: 'deviceIdentification', deviceName: draft.deviceName };
    case 'overrideDeviceSettings':
      return { kind: 'overrideDeviceSettings', settings: draft.settings };
    case 'callUserApi':
      return {
        kind: 'callUserApi',
        url: draft.url,
        method: draft.method,
        payload: draft.payload,
        confirm: draft.confirm,
        confirmQuestion: draft.confirmQuestion,
        params: draft.params,
      };
    case 'quantity':
      return { kind: 'quantity', sign: draft.sign, amount: draft.amount };
  }
}

/** Why a draft makes no barcode: a field that fails its schema, or a refusal of the content. */
export type DraftProblem =
  { kind: 'field'; field: string } | { kind: 'refusal'; key: ActionBarcodeRefusal; args: Record<string, unknown> };

export type Evaluation =
  | { ok: true; command: ActionCommand; content: string; symbology: BarcodeSymbology }
  | { ok: false; problem: DraftProblem };

export function evaluate(draft: CommandDraft): Evaluation {
  const parsed = actionCommandSchema.safeParse(commandOf(draft));
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return { ok: false, problem: { kind: 'field', field: typeof field === 'string' ? field : 'kind' } };
  }
  const barcode = actionBarcodeOf(parsed.data);
  if (!barcode.ok) return { ok: false, problem: { kind: 'refusal', key: barcode.key, args: barcode.args } };
  return { ok: true, command: parsed.data, content: barcode.content, symbology: barcode.symbology };
}
