export declare const appRoot: string;
export declare function buildApp(options?: { outDir?: string; logLevel?: 'info' | 'warn' | 'error' | 'silent'; config?: string }): void;
export declare const DEVELOPMENT_RUNTIME_MARKERS: string[];
export declare function newestMtime(path: string): number;
