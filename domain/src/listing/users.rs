//! The admin's user list: `GET /api/users?page=&limit=&q=&role=`, oldest account first.

use super::Page;
use super::{choice, page, InvalidListParameter, SearchText};
use crate::user::Role;

/// The accounts to list and which page of them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UserQuery {
    /// In the name, e-mail or phone.
    pub search: Option<SearchText>,
    pub role: Option<Role>,
    pub page: Option<Page>,
}

/// The request's parameters as sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct UserListParams<'a> {
    pub page: Option<&'a str>,
    pub limit: Option<&'a str>,
    pub q: Option<&'a str>,
    pub role: Option<&'a str>,
}

impl UserQuery {
    pub fn parse(params: &UserListParams) -> Result<Self, InvalidListParameter> {
        let roles = Role::ALL.map(|role| (role.as_str(), role));
        Ok(UserQuery {
            search: SearchText::parse(params.q)?,
            role: choice("role", params.role, &roles)?,
            page: page(params.page, params.limit)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_role_is_any_of_the_roles() {
        let query = UserQuery::parse(&UserListParams {
            q: Some("061"),
            role: Some("admin"),
            limit: Some("10"),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(query.role, Some(Role::Admin));
        for role in Role::ALL {
            let query = UserQuery::parse(&UserListParams {
                role: Some(role.as_str()),
                ..Default::default()
            });
            assert_eq!(query.unwrap().role, Some(role));
        }
        assert_eq!(query.search.unwrap().as_str(), "061");
        assert_eq!(
            query.page,
            Some(Page {
                number: 1,
                size: 10
            })
        );
        assert_eq!(
            UserQuery::parse(&UserListParams {
                role: Some("customer"),
                ..Default::default()
            }),
            Err(InvalidListParameter(
                "role must be one of user, admin, orders, stock, rider".into()
            ))
        );
    }
}
