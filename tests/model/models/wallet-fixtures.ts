/** Addresses and movements the wallet machines' models share. */
export const ADDRESS = "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC";
export const TO = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
export const TX_ID = "a".repeat(64);
export const tx = (status: string) => ({
  type: "receive",
  value: 5,
  timestamp: "2026-11-23T07:00:00.000Z",
  txId: TX_ID,
  status,
});
