import { usePublicConfig } from './config-api.js';

/** The operator's contact address from GET /api/config, as a mail link. */
export function ContactEmail() {
  const config = usePublicConfig();
  if (config.isPending) return <span aria-busy="true">(loading the contact address…)</span>;
  if (config.isError || config.data.contactEmail === '') {
    return <span>the contact address of this service (it could not be loaded right now; please reload)</span>;
  }
  const email = config.data.contactEmail;
  return <a href={`mailto:${email}`}>{email}</a>;
}
