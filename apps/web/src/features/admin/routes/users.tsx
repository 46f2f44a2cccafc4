import type { AdminUser } from '@benchmarket/shared';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { useUsers } from '../api/users';
import { ConsolePage } from '../components/console-page';
import { QueryView } from '../components/query-view';
import { SearchForm } from '../components/search-form';
import { UserStatus } from '../components/user-status';
import { usePageParam, withParams } from '../components/use-page-param';
import { formatDate } from '../format';

const COLUMNS = [
  { label: 'Email' },
  { label: 'Status' },
  { label: 'Role' },
  { label: 'Joined' },
  { label: 'Listings', align: 'right' as const },
];

function UsersTable({ users }: { users: readonly AdminUser[] }) {
  return (
    <DataTable label="Users" caption="Users, with their status, role, join date and number of listings" columns={COLUMNS}>
      {users.map((user) => (
        <tr key={user.id}>
          <td className="font-medium break-all">
            <Link to={`/admin/users/${user.id}`} className="text-teal-800 underline-offset-2 hover:underline">
              {user.email}
            </Link>
          </td>
          <td>
            <UserStatus user={user} />
          </td>
          <td>{user.role === 'admin' ? 'Administrator' : 'User'}</td>
          <td className="whitespace-nowrap">{formatDate(user.created_at)}</td>
          <td className="text-right">{user.listings_count}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function Users() {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const email = searchParams.get('email')?.trim() ?? '';
  const page = usePageParam();
  const users = useUsers(email, page);
  return (
    <>
      <SearchForm
        key={email}
        label="Email contains"
        type="email"
        value={email}
        placeholder="e.g. jane@lab.example"
        onSearch={(text) => {
          void navigate(withParams(pathname, searchParams, { email: text, page: null }));
        }}
      />
      <QueryView query={users} loadingLabel="Loading the users…" failedTitle="The users could not be loaded.">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState>{email ? `No account's email contains '${email}'.` : 'No accounts yet.'}</EmptyState>
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-700" role="status">
                {email ? `${String(data.total)} found for '${email}'.` : `${String(data.total)} accounts, the newest first.`}
              </p>
              <UsersTable users={data.items} />
              <Pager
                label="User pages"
                page={data.page}
                pageSize={data.page_size}
                total={data.total}
                hrefFor={(next) => withParams(pathname, searchParams, { page: next })}
                className="mt-6"
              />
            </>
          )
        }
      </QueryView>
    </>
  );
}

/** /admin/users: find an account by email. */
export default function UsersRoute() {
  return (
    <ConsolePage title="Users" intro="Find an account by its email to see what it did, and suspend or reinstate it.">
      <Users />
    </ConsolePage>
  );
}
