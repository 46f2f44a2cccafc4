interface ThirdPartyScript<T> {
  src: string;
  /** The script's name in error messages: 'Stripe.js'. */
  name: string;
  /** What it defines, for the error message when it does not: 'window.Stripe'. */
  defines: string;
  /** Reads what the script defines; undefined until it has run. */
  read: () => T | undefined;
  defer?: boolean;
}

/**
 * A loader for a third-party script (Google sign-in, Stripe.js): it adds the script tag once
 * and resolves with what the script defines. A failed load is forgotten, and its tag removed,
 * so that a later attempt can try again.
 */
export function scriptLoader<T>({ src, name, defines, read, defer = false }: ThirdPartyScript<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    const ready = read();
    if (ready) return Promise.resolve(ready);

    loading ??= new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      const fail = (reason: string) => {
        loading = null;
        script.remove();
        reject(new Error(reason));
      };
      script.src = src;
      script.async = true;
      script.defer = defer;
      script.addEventListener('load', () => {
        const defined = read();
        if (defined) resolve(defined);
        else fail(`${name} loaded without ${defines}`);
      });
      script.addEventListener('error', () => {
        fail(`${name} could not be loaded`);
      });
      document.head.append(script);
    });
    return loading;
  };
}
