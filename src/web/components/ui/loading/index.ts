export { LoadingOverlay, NavigationLoading, NAVIGATION_OVERLAY_DELAY_MS } from './LoadingOverlay';
export {
  selectIsLoading,
  startLoading,
  stopLoading,
  useLoadingStore,
  withLoading,
} from './loading-store';
