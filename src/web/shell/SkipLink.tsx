/** First focusable element of every page: jumps past the header to the main content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-indigo-800 focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}
