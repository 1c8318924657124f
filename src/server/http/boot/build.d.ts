// Types of build.js (plain JavaScript: it runs before anything is compiled).
export declare const SERVER_DIR: string;
export declare function ensureWebBuild(root: string, log: (msg: string) => void, force?: boolean): void;
export declare function ensureServerBuild(root: string, log: (msg: string) => void, force?: boolean): void;
export declare function ensureBuild(root: string, log: (msg: string) => void): void;
