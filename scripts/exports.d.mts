export interface EntrySurface {
  values: string[];
  types: string[];
}
export type Surface = Record<string, EntrySurface>;
export declare function entryFiles(options?: { src?: boolean; packageRoot?: string }): Record<string, string>;
export declare function exportedNames(entries: Record<string, string>, options?: { details?: false }): Surface;
export declare function exportedNames(
  entries: Record<string, string>,
  options: { details: true },
): { surface: Surface; deprecated: string[]; restating: string[] };
export declare function formatCounts(surface: Surface): string;
