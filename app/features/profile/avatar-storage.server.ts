import { getEnv } from "~/config/env.server";
import { parseImageUpload, sniffImageType, storedImages, type ImageExtension } from "~/lib/storage/stored-images.server";

/**
 * Profile pictures: objects `uploads/avatars/<name>` of the app's store
 * (DATA_DIR/uploads/avatars on the local disk); users.profile_picture holds
 * only the name (~/lib/storage/stored-images.server.ts).
 */
export type AvatarExtension = ImageExtension;
export { sniffImageType };

const avatars = storedImages("avatars");

/** The picture form, the file capped at MAX_AVATAR_BYTES. */
export const parseAvatarUpload = (request: Request) => parseImageUpload(request, getEnv().MAX_AVATAR_BYTES);
export const saveAvatar = (userId: string, bytes: Uint8Array, extension: AvatarExtension) => avatars.save(userId, bytes, extension);
export const deleteAvatar = (fileName: string | null | undefined) => avatars.remove(fileName);
export const readAvatar = (fileName: string) => avatars.read(fileName);
