export interface AppBytes {
  method: string;
  jsMin: number;
  jsGzip: number;
  controlGzip: number;
  cssMin: number;
  cssGzip: number;
  modules: { module: string; min: number; share: number }[];
}
export declare const appBudgets: Record<string, { js: number; css: number; goal: number }>;
export declare function measureViteApp(assets: string, stylesheet: string): AppBytes;
export declare function measureNextApp(appDir: string, route?: string): AppBytes;
export declare function formatAppBytes(app: string, measured: AppBytes): { ok: boolean; text: string };
