/**
 * A wallet that knows only the hot wallet's address and holds no key: what reconciliation (and any other
 * read-only tool) gives a chain gateway, so `npm run reconcile` never needs the mnemonic. Anything that would
 * derive an address or sign throws.
 */
import { type HdWallet, HOT_WALLET_INDEX } from "./keys.ts";

export function watchOnlyWallet(hotWalletAddress: string): HdWallet {
  return {
    addressAt(index) {
      if (index !== HOT_WALLET_INDEX)
        throw new Error("a watch-only wallet knows the hot wallet's address only");
      return hotWalletAddress;
    },
    signAt() {
      throw new Error("a watch-only wallet cannot sign");
    },
  };
}
