import { useTranslation } from '../i18n/use-translation';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSearchable, MAX_QUERY_LENGTH, SEARCH_REQUEST } from '../../../core/catalog/domain/search';
import { api, ApiError } from '../api/client';
import type { SearchNavigationState } from '../catalog/search-address';
import { searchAddress } from './links';
import { SearchIcon } from '../design/icons';

/**
 * The navbar search: submit is disabled while the trimmed input is blank or a search runs; the
 * field is cleared afterwards. It opens the search's address (/search-page?q=...), which can be
 * shared; the first page's results travel in the navigation state, so they are not asked twice.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const [value, setValue] = useState('');
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState('');
  const navigate = useNavigate();
  const id = useId();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);

  // On a page the server rendered, a shopper may type and send before the app has taken the page
  // over: the box keeps the text (React does not put it in its state), and ui/src/boot.ts holds the
  // tap or the Enter until the app has. So the button is enabled until the app can judge the text,
  // and the state starts from what was typed; else the held search found the button disabled.
  const [live, setLive] = useState(false);
  useLayoutEffect(() => {
    setLive(true);
    if (field.current?.value) setValue(field.current.value);
  }, []);

  // a message about the last search does not follow the shopper to another page
  useEffect(() => setError(''), [pathname]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isSearchable(value) || searching) return;
    const query = value.trim();
    setSearching(true);
    setError('');
    try {
      const outcome = await api.search(query, SEARCH_REQUEST.page, SEARCH_REQUEST.limit);
      const state: SearchNavigationState = { results: outcome.results, query, totalResults: outcome.count };
      navigate(searchAddress(query), { state });
    } catch (e) {
      if (e instanceof ApiError) setError(e.fromServer ? e.message : t('search.noResultsFound'));
      else setError(t('search.failed'));
    } finally {
      setSearching(false);
      setValue('');
    }
  };

  return (
    <form role="search" className={`search-box ${className}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={id}
        ref={field}
        className="search-box__input"
        type="search"
        name="query"
        autoComplete="off"
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('search.placeholder')}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError('');
        }}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" className="search-box__submit" disabled={live && (!isSearchable(value) || searching)}>
        <SearchIcon />
        <span className="visually-hidden">{searching ? t('search.searching') : t('search.submit')}</span>
      </button>
      {error ? (
        <p id={`${id}-error`} className="search-box__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
