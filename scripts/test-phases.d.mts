export declare const TIMED_START_LINE: string;
