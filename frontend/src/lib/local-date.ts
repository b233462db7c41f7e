/** A calendar date in the browser's time zone as `YYYY-MM-DD` (what the API's dates are compared with). */
export function localIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * `1990-05-15` → 1990年5月15日, `2031-04` → 2031年4月, `2031` → 2031年. Anything else is returned as it
 * came, so an unexpected value still reads as something.
 */
export function formatJapaneseDate(value: string): string {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(value.trim());
  if (!match) return value;
  const [, year, month, day] = match;
  let text = `${year}年`;
  if (month !== undefined) text += `${Number(month)}月`;
  if (day !== undefined) text += `${Number(day)}日`;
  return text;
}
