// Temporary: moved to src/api/contracts/tron-address.ts (the server may import only contracts). Removed once
// every import points there.
export * from "../api/contracts/tron-address.ts";
