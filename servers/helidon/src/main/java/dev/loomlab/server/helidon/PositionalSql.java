package dev.loomlab.server.helidon;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A contract statement with its named parameters ({@code :seconds}) turned into JDBC's
 * {@code ?}, in order. The catalogue writes SQL with names so that no server ever builds a
 * statement from request text; the Spring servers bind them with NamedParameterJdbcTemplate,
 * and plain JDBC only knows positions. A name is a colon and a letter not after another colon,
 * so PostgreSQL's {@code ::} casts stay as they are.
 *
 * @param sql   the statement for {@code PreparedStatement}
 * @param names each {@code ?}'s parameter name, in order
 */
record PositionalSql(String sql, List<String> names) {
    private static final Pattern NAME = Pattern.compile("(?<![:\\w]):([A-Za-z]\\w*)");

    PositionalSql {
        names = List.copyOf(names);
    }

    static PositionalSql of(String named) {
        List<String> names = new ArrayList<>();
        Matcher m = NAME.matcher(named);
        StringBuilder sql = new StringBuilder();
        while (m.find()) {
            names.add(m.group(1));
            m.appendReplacement(sql, "?");
        }
        m.appendTail(sql);
        return new PositionalSql(sql.toString(), names);
    }

    /** The values in {@code ?} order; refuses a statement that names a value not given. */
    Object[] values(Map<String, ?> byName) {
        return names.stream().map(n -> {
            if (!byName.containsKey(n)) {
                throw new IllegalArgumentException("no value for :" + n + " in " + sql);
            }
            return byName.get(n);
        }).toArray();
    }
}
