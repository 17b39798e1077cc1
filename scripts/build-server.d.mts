// Types of build-server.mjs for the TypeScript tests that run the compiled server.
export function buildServer(): Promise<void>;
