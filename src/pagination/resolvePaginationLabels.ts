import { defaultPaginationLabels, type PaginationLabels } from './defaultPaginationLabels';

type FunctionLabel =
  'page' | 'pageSizeOption' | 'total' | 'status' | 'totalMore' | 'statusPage' | 'about' | 'pageSizeAll';

// Placeholder names of each function label, in argument order (see PaginationLabels).
const placeholders: Record<FunctionLabel, string> = {
  page: 'page',
  pageSizeOption: 'size',
  total: 'from to total',
  status: 'page pageCount',
  totalMore: 'from to',
  statusPage: 'page',
  about: 'count',
  pageSizeAll: 'max',
};

const template =
  (text: string, names: string) =>
  (...args: string[]): string =>
    text.replace(/\{(\w+)\}/g, (match, name: string) => args[names.split(' ').indexOf(name)] ?? match);

/**
 * Every label `Pagination` needs, from a possibly partial or ill-typed `labels` prop (e.g. a JSON
 * translation file): missing ones fall back to English, a string given for a function label is used
 * as a template, and anything else is replaced by the default; each fix is listed (prop, value, what is used) for
 * the caller to warn about, in an effect (outside production: bundlers drop the list from production builds).
 */
export function resolvePaginationLabels(
  given: Partial<PaginationLabels> | undefined,
): [PaginationLabels, [prop: string, value: unknown, used: string][]] {
  const labels = { ...defaultPaginationLabels };
  const issues: [string, unknown, string][] = [];
  if (typeof given !== 'object' || given === null) {
    if (process.env.NODE_ENV !== 'production' && given != null) issues.push(['labels', given, 'the English labels']);
    return [labels, issues];
  }
  const own = labels as Record<string, unknown>;
  for (const key in labels) {
    const value: unknown = given[key as keyof PaginationLabels];
    if (value == null) continue;
    if (typeof value === typeof own[key]) own[key] = value;
    else if (typeof value === 'string') {
      if (process.env.NODE_ENV !== 'production')
        issues.push([`labels.${key}`, JSON.stringify(value), 'it as a template']);
      own[key] = template(value, placeholders[key as FunctionLabel]);
    } else if (process.env.NODE_ENV !== 'production')
      issues.push([`labels.${key}`, typeof value, 'the English default']);
  }
  return [labels, issues];
}
