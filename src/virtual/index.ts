/**
 * `pagewise/virtual`: big server pages (500 to 5,000 rows) with TanStack Virtual, an optional peer only this entry
 * names. The data hook, the control and the prefetch are unchanged; the table's body renders the rows in view.
 * ```tsx
 * const shares = useShares({ organizationId, defaultPageSize: 1000 });
 * const rows = shares.data?.items ?? [];
 * const scrollRef = useRef<HTMLDivElement>(null);
 * const virtual = useVirtualPageRows({ count: rows.length, scrollRef, pageKey: shares.pagination.current });
 * <div ref={scrollRef} style={{ height: 600, overflow: 'auto' }}>
 *   <table {...virtual.tableProps}>…
 *     <tbody>
 *       <tr style={{ height: virtual.paddingTop }} />
 *       {virtual.rows.map((row) => <tr key={row.key} {...virtual.getRowProps(row.index)}>…</tr>)}
 *       <tr style={{ height: virtual.paddingBottom }} />
 * </div>
 * <Pagination {...shares.pagination} pageSizeOptions={[500, 1000, 2000]} showAll={5000} />
 * ```
 * @module
 */
export { useVirtualPageRows } from './useVirtualPageRows';
export type { VirtualPageRows, VirtualPageRowsOptions, VirtualRowProps } from './useVirtualPageRows';
