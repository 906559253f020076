/** A long name is cut with an ellipsis rather than pushing the header out of a small screen (where it shares the end of the header with the notifications bell). */
export const NAME_STYLES = { inner: { minWidth: 0 }, label: { minWidth: 0 } } as const;
export const NAME_MAX_WIDTH = { base: 110, sm: 320 } as const;
export const NAME_TEXT_STYLE = { display: 'block' } as const;
