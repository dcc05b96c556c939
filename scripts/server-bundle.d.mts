// Types of server-bundle.mjs for the TypeScript scripts that import it.
export declare function newestMtime(target: string): number;
export declare function ensureServerBundle(): Promise<string>;
