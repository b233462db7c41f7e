import { forwardRef } from 'react';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

export type LinkProps = Omit<MuiLinkProps, 'href'> & {
  /** An in-app path from `paths`. */
  to: string;
};

/** An in-app link with MUI's look: navigates with the router instead of reloading the page. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <MuiLink ref={ref} component={RouterLink} to={to} {...props} />;
});
