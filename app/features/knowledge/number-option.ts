/** A tenant's business number as the knowledge-base screens offer it. */
export interface NumberOption {
  id: string;
  /** As people read it: "+1 (416) 555-0100". */
  display: string;
  label: string;
}

/** "+1 (416) 555-0100 · Main line", or just the number when it has no label. */
export const numberOptionLabel = (number: NumberOption) => (number.label ? `${number.display} · ${number.label}` : number.display);
