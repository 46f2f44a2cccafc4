import type { AdminUser } from '@benchmarket/shared';
import { DataTable } from '@/components/ui/data-table';
import { useUsers } from '../api/users';
import { ConsoleList, SearchCount } from '../components/console-list';
import { consoleRoute } from '../components/console-page';
import { UserLink } from '../components/record-links';
import { SearchForm, useSearchText } from '../components/search-form';
import { UserStatus } from '../components/user-status';
import { usePageParam } from '../components/use-page-param';
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
            <UserLink id={user.id}>{user.email}</UserLink>
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
  const email = useSearchText('email');
  const page = usePageParam();
  const users = useUsers(email, page);
  return (
    <>
      <SearchForm param="email" label="Email contains" type="email" placeholder="e.g. jane@lab.example" />
      <ConsoleList
        query={users}
        what="users"
        empty={email ? `No account's email contains '${email}'.` : 'No accounts yet.'}
        pagesLabel="User pages"
        summary={(data) => <SearchCount total={data.total} search={email} noun="accounts" />}
      >
        {(items) => <UsersTable users={items} />}
      </ConsoleList>
    </>
  );
}

/** /admin/users: find an account by email. */
export default consoleRoute(
  { title: 'Users', intro: 'Find an account by its email to see what it did, and suspend or reinstate it.' },
  Users,
);
