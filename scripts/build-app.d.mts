export declare const appRoot: string;
export declare function buildApp(options?: { outDir?: string; logLevel?: 'info' | 'warn' | 'error' | 'silent' }): void;
export declare const DEVELOPMENT_RUNTIME_MARKERS: string[];
