import { createContext, useContext, type ReactNode } from "react";

/**
 * The response's CSP nonce, provided by entry.server around the whole document. The browser
 * hides nonce attributes after parsing, so on the client there is nothing to provide: scripts
 * rendered there are not inline.
 */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
