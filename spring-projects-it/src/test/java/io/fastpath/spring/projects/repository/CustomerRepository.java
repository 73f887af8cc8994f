package io.fastpath.spring.projects.repository;

import java.util.List;
import org.springframework.data.repository.CrudRepository;

public interface CustomerRepository extends CrudRepository<Customer, String> {
    List<Customer> findByCity(String city);

    List<Customer> findByName(String name);

    List<Customer> findByNameAndCity(String name, String city);
}
