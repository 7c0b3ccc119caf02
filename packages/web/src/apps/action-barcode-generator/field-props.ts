import type { CommandDraft } from './command-draft.js';

/** What each command's fields get: the draft, a change of some of its fields, and a field's error text. */
export interface FieldsProps {
  draft: CommandDraft;
  onChange: (changes: Partial<CommandDraft>) => void;
  /** The translated problem of a field, or null when it is fine. */
  errorOf: (field: string) => string | null;
}
