/**
 * The images module's public face: storing, reading and deleting pictures, and the upload helpers
 * routes use (docs/ARCHITECTURE.md, "Modules, use cases and events"). Other modules never touch the
 * stored_images table; a picture is kept by its id (a foreign key from their schema file).
 */
export {
  imageUploadBody,
  imageUploadBodyLimit,
  isImageUploadPath,
  readImageUpload,
  type UploadLimit,
  uploadsPerUser,
  withUploadField,
} from './image-upload';
export {
  deleteImage,
  etagHeader,
  getImage,
  IMAGE_SIZES,
  type ImagePurpose,
  imageIdFromUrl,
  imageUrl,
  matchesIfNoneMatch,
  NOT_A_PICTURE,
  type ProcessedImage,
  processImage,
  type StoredImageInfo,
  saveProcessedImage,
  storeImage,
} from './images.service';
