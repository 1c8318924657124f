// The catalog module's public surface: posts (sellable items), their media, tags and search.
export { canManage, type Actor } from './ownership';
export { toMedia, toProduct } from './rows';
export {
  adjustProductLikes,
  findListedProductOwner,
  isListedProduct,
  productWithOwnerColumns,
} from './likes';
export { saveProduct, type SaveProductInput } from './save';
export { invalidateCatalog, invalidateCatalogStock } from './cache';
export {
  getProduct,
  listAdminProducts,
  listMyProducts,
  listProducts,
  listProductsByDomain,
  listProductsByTag,
  listProductsByUser,
} from './read';
export { setProductStatus } from './status';
export { deleteProduct } from './remove';
export {
  deleteSellerPosts,
  forgetProductLikesBy,
  setSellerPostsHidden,
  takeDownPost,
  type ModeratedPost,
} from './moderation';
export { searchProducts } from './search';
export { featuredSellers } from './featured';
export { addTag, listTags } from './tags';
export {
  addMediaFromBuffer,
  attachMedia,
  deleteProductMedia,
  prepareMedia,
  type AddMediaInput,
  type PreparedMedia,
} from './media';
export { addProductMedia, createUploadTarget, UPLOAD_CONTENT_TYPES } from './uploads';
export { catalogJobs } from './media-jobs';
export { findPostShareCard, newestPostImage, type PostShareCard } from './share-card';
export { listSitemapPosts, sitemapPostPageStarts, type SitemapPost, type SitemapPostStart } from './sitemap';
export { optionPriceMinor } from './options';
export {
  quoteLines,
  refuseProblemLines,
  reserveStock,
  restoreStock,
  takeQuotedStock,
  type LineProblem,
  type PricedLine,
  type StockLine,
} from './stock';
