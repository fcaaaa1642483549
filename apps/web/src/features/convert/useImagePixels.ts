import { useQueries, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/queryKeys';

export interface ImageSize {
  width: number;
  height: number;
}

/** The image's size in pixels as the browser reads it (the server prices by the same count). */
export function readImageSize(file: Blob): Promise<ImageSize | null> {
  return createImageBitmap(file).then(
    (bitmap) => {
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    },
    () => null,
  );
}

/** The file's pixel size, once read (null while unknown or unreadable). */
export function useImageSize(file: File | null, id: string | null): ImageSize | null {
  const { data } = useQuery({
    queryKey: queryKeys.imageSize(id ?? ''),
    queryFn: () => (file ? readImageSize(file) : null),
    enabled: file !== null,
    staleTime: Infinity,
  });
  return data ?? null;
}

/** Decoded pixels of each file by id (0 until read: priced at the base rate meanwhile). */
export function useImagePixelCounts(files: { id: string; file: File }[]): Record<string, number> {
  return useQueries({
    queries: files.map((f) => ({
      queryKey: queryKeys.imageSize(f.id),
      queryFn: () => readImageSize(f.file),
      staleTime: Infinity,
    })),
    combine: (answers) =>
      Object.fromEntries(
        answers.map((a, i) => [files[i].id, a.data ? a.data.width * a.data.height : 0]),
      ),
  });
}
