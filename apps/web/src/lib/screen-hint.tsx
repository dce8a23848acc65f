import { useMediaQuery } from '@mantine/hooks';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * What a server render knows of the visitor's screen: whether the request came from a phone
 * (its User-Agent or `Sec-CH-UA-Mobile`), so the server's markup is the layout the phone will
 * show. In the browser there is no provider: the screen answers for itself.
 */
const ScreenHint = createContext<{ phone: boolean }>({ phone: false });

export function ScreenHintProvider({ phone, children }: { phone: boolean; children: ReactNode }) {
  return <ScreenHint.Provider value={{ phone }}>{children}</ScreenHint.Provider>;
}

/**
 * Whether the phone layout applies: `query` (a phone-width media query) as the screen answers
 * it from the first render in the browser, and the request's hint in a server render.
 */
export function usePhoneLayout(query: string): boolean {
  const { phone } = useContext(ScreenHint);
  const inBrowser = typeof window !== 'undefined';
  // Mantine reads the initial value from matchMedia unless it is asked to wait for an effect,
  // and a server render has neither matchMedia nor effects: there, the hint is the value.
  return useMediaQuery(query, phone, { getInitialValueInEffect: !inBrowser });
}
