/** Types of scripts/builds.js, for the TypeScript scripts that use it. */
export declare const ROOT: string;
/** build/server/start.js: the compiled `npm start`. */
export declare const SERVER_BUILT: string;
export declare const uiBuildIsStale: () => boolean;
/** Builds the UI when its build is missing or older than its sources. */
export declare const ensureUiBuild: () => void;
export declare const serverBuildIsStale: () => boolean;
/** Compiles the server into build/server/start.js when it is missing or older than its sources. */
export declare const ensureServerBuild: () => void;
