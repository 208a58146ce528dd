import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path>: go to /<path> again (replacing history), which remounts the page. */
export default function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}
