import { createContext, useContext } from "react";

// Browsers hide the nonce attribute from scripts, so on the client this stays empty, which is what React expects during hydration.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
