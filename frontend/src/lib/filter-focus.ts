/**
 * Whether a filterable drop-down's filter field takes the focus when its list opens
 * (PrimeReact's filterInputAutoFocus). PrimeReact 10 leaves it off: Enter then typing a name
 * found nothing (the keys went to the closed field's type-ahead, which matches only the start of
 * "code · name"). Not on touch screens, where a focused field would raise the soft keyboard
 * over the list.
 */
export function filterTakesFocus(): boolean {
  return typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches;
}
