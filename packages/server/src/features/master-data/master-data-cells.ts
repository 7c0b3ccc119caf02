import type { ImportColumn, Language } from '@wms/contract';
import { parseBooleanCell, parseDateCell, parseNumberCell } from '../importers/import-cells.js';
import type { SourceRow } from '../importers/importer.js';
import { error, type Message } from './master-data-rules.js';

/**
 * Reading the cells of a master-data import row into a draft's typed fields. An empty (or
 * unmapped) cell is `undefined`: it changes nothing on a known record and takes the default on a
 * new one, so a file with only the columns to change updates just those. A cell that is not
 * what its column holds adds an ERROR message on that column and is left out.
 */

/** An importer column; aliases in the order en, nl, de, pl, then extra spellings. */
export const column = (
  name: string,
  type: ImportColumn['type'],
  aliases: readonly string[],
  required = false,
): ImportColumn => ({ name, required, type, aliases: [...aliases] });

export class CellReader {
  readonly messages: Message[] = [];

  constructor(
    private readonly row: SourceRow,
    private readonly language: Language,
  ) {}

  private raw(name: string): string | undefined {
    const value = (this.row.values[name] ?? '').trim();
    return value === '' ? undefined : value;
  }

  /** Text of at most `max` characters (valueTooLong {max}). */
  text(name: string, max = 200): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (value.length > max) {
      this.messages.push(error(name, 'valueTooLong', { max }));
      return undefined;
    }
    return value;
  }

  /** A required text: importValueRequired when empty. */
  required(name: string, max = 100): string | undefined {
    const value = this.text(name, max);
    if (value === undefined && !this.messages.some((m) => m.column === name)) {
      this.messages.push(error(name, 'importValueRequired', {}));
    }
    return value;
  }

  /** A number in the user's locale (notANumber {value}), at least `min` (quantityNegative / quantityMustBePositive). */
  number(
    name: string,
    options: { min?: number; positive?: boolean; integer?: boolean; required?: boolean } = {},
  ): number | undefined {
    const value = this.raw(name);
    if (value === undefined) {
      if (options.required === true) this.messages.push(error(name, 'importValueRequired', {}));
      return undefined;
    }
    const number = parseNumberCell(value, this.language);
    if (number === null || Math.abs(number) > 1e12 || (options.integer === true && !Number.isInteger(number))) {
      this.messages.push(error(name, 'notANumber', { value }));
      return undefined;
    }
    if (options.positive === true && number <= 0) {
      this.messages.push(error(name, 'quantityMustBePositive', { value }));
      return undefined;
    }
    if (number < (options.min ?? 0)) {
      this.messages.push(error(name, 'quantityNegative', { value }));
      return undefined;
    }
    return number;
  }

  /** Yes or no in any of the four languages (valueNotAllowed {value, allowed}). */
  boolean(name: string): boolean | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const parsed = parseBooleanCell(value);
    if (parsed === null) this.messages.push(error(name, 'valueNotAllowed', { value, allowed: 'yes, no' }));
    return parsed ?? undefined;
  }

  /** One of the values, without regard to case, spaces or hyphens (valueNotAllowed {value, allowed}). */
  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const normal = value.toUpperCase().replace(/[\s-]+/g, '_');
    const found = values.find((v) => v === normal);
    if (found === undefined) this.messages.push(error(name, 'valueNotAllowed', { value, allowed: values.join(', ') }));
    return found;
  }

  /** A date as YYYY-MM-DD (invalidDate {value}). */
  date(name: string): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const parsed = parseDateCell(value);
    if (parsed === null) this.messages.push(error(name, 'invalidDate', { value }));
    return parsed ?? undefined;
  }
}

/** Sets draft[key] only when the value is defined (an empty cell changes nothing). */
export function assignDefined<T extends object>(draft: T, values: { [K in keyof T]?: T[K] | undefined }): T {
  for (const [key, value] of Object.entries(values)) if (value !== undefined) Object.assign(draft, { [key]: value });
  return draft;
}
