package dev.loomlab.lab.result;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.server.JdbcDriver;
import dev.loomlab.scenario.Scenarios;
import java.util.Optional;
import tools.jackson.databind.util.StdConverter;

/**
 * How a {@link Cell} is spelled in a cell file: each part by its id, so the file reads as
 * {@code {"model": "mvc-virtual", "jdk": 21, "jdbcDriver": "mysql-8.1.0", "scenario": "block", "round": 1}}
 * and is resolved to the typed parts once, when the file is read. A target cell has no model and no driver.
 */
record CellJson(String model, int jdk, String jdbcDriver, String scenario, int round) {

    static CellJson of(Cell cell) {
        return new CellJson(cell.model().map(Model::id).orElse(null), cell.jdk(), cell.jdbcDriver().map(JdbcDriver::id).orElse(null),
                cell.scenario().id(), cell.round());
    }

    Cell cell() {
        return new Cell(Optional.ofNullable(model).map(Model::byId), jdk, Optional.ofNullable(jdbcDriver).map(JdbcDriver::byId),
                Scenarios.byId(scenario), round);
    }

    static final class Out extends StdConverter<Cell, CellJson> {
        @Override
        public CellJson convert(Cell cell) {
            return of(cell);
        }
    }

    static final class In extends StdConverter<CellJson, Cell> {
        @Override
        public Cell convert(CellJson json) {
            return json.cell();
        }
    }
}
