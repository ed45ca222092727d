import type { PaginationLabels } from '../../src/pagination/index';

/** Every Pagination label in German, for the localisation story and test. */
export const germanLabels: PaginationLabels = {
  nav: 'Seitennavigation',
  first: 'Erste Seite',
  previous: 'Vorherige Seite',
  next: 'Nächste Seite',
  last: 'Letzte Seite',
  page: (n) => `Seite ${n}`,
  pageSize: 'Einträge pro Seite',
  pageSizeOption: (n) => `${n} / Seite`,
  jumper: 'Gehe zu Seite',
  total: (from, to, total) => `${from}–${to} von ${total}`,
  status: (n, count) => `Seite ${n} von ${count}`,
  totalMore: (from, to) => `${from}–${to} von mehr als ${to}`,
  statusPage: (n) => `Seite ${n}`,
  about: (count) => `etwa ${count}`,
  pageSizeAll: (max) => `Alle (bis ${max})`,
};
