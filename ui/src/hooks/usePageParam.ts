import { useSearchParams } from 'react-router-dom';

/** The `?page=` query parameter as a page number from 1 (anything else reads as 1). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}
